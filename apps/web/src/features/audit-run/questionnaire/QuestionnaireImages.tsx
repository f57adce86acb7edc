import { useRef } from 'react';
import { App, Button, Image } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import type { TQuestionnaireAnswer } from '@audit/domain/audits';
import { NotAnImageError, resizeImage } from '../../../ui/resizeImage';
import { useQuestionnaireT } from './i18n';
import { useAddImage } from './questionnaireApi';

interface TProps {
  auditId: string;
  qa: TQuestionnaireAnswer;
  editable: boolean;
}

/**
 * A question's photos and the add button (resized in the browser first, as every picture). The
 * server has no call to remove one, so there is no delete button.
 */
export function QuestionnaireImages({ auditId, qa, editable }: TProps) {
  const t = useQuestionnaireT();
  const { message } = App.useApp();
  const add = useAddImage(auditId);
  const input = useRef<HTMLInputElement>(null);
  const onPick = async (files: File[]) => {
    for (const file of files) {
      try {
        add.mutate({ questionId: qa._id, file: await resizeImage(file) });
      } catch (error) {
        void message.error(t(error instanceof NotAnImageError ? 'onlyImage' : 'imageError'));
      }
    }
  };
  if (!qa.images.length && !editable) return null;
  return (
    <div className="run-images run-qn-images">
      <Image.PreviewGroup>
        {qa.images.map((image) => (
          <Image
            key={image._id}
            src={image.url}
            width={72}
            height={72}
            style={{ objectFit: 'cover', borderRadius: 6 }}
            alt={t('photoOf', { question: qa.question })}
          />
        ))}
      </Image.PreviewGroup>
      {editable && (
        <>
          <Button size="small" icon={<CameraOutlined />} loading={add.isPending} onClick={() => input.current?.click()}>
            {t('addPhoto')}
          </Button>
          <input
            ref={input}
            type="file"
            accept="image/*"
            multiple
            hidden
            aria-label={t('addPhoto')}
            onChange={(event) => {
              void onPick(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
        </>
      )}
    </div>
  );
}
