import { useRef, useState } from 'react';
import { Button } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isImageFile, resizeImage } from '../../ui/resizeImage';
import { notifyError } from '../../ui/feedback';
import { PhotoAnnotator, type TAnnotatedPhoto } from './PhotoAnnotator';

/**
 * Takes or picks a photo (images only), resized to 800×800 JPEG 0.8 in the browser, then offers to
 * mark it (arrows, circles, lines) before it is sent: the original and the marked copy.
 */
export function PhotoButton({
  onPhoto,
  loading,
  label,
  testId,
}: {
  onPhoto: (photo: TAnnotatedPhoto) => void;
  loading?: boolean;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Blob | null>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid={testId ? `${testId}-input` : undefined}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          try {
            if (!isImageFile(file)) throw new Error(t('incidents.onlyImages'));
            setPicked(await resizeImage(file));
          } catch (error) {
            notifyError(error);
          }
        }}
      />
      <Button icon={<CameraOutlined />} loading={loading} onClick={() => input.current?.click()} data-testid={testId}>
        {label ?? t('incidents.addPhoto')}
      </Button>
      <PhotoAnnotator
        photo={picked}
        onCancel={() => setPicked(null)}
        onSave={(photo) => {
          setPicked(null);
          onPhoto(photo);
        }}
      />
    </>
  );
}
