import { useRef } from 'react';
import { Button } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isImageFile, resizeImage } from '../../ui/resizeImage';
import { notifyError } from '../../ui/feedback';

/** Takes or picks a photo (images only), resized to 800×800 JPEG 0.8 in the browser before it is sent. */
export function PhotoButton({ onPhoto, loading, label, testId }: { onPhoto: (file: Blob) => void; loading?: boolean; label?: string; testId?: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
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
            onPhoto(await resizeImage(file));
          } catch (error) {
            notifyError(error);
          }
        }}
      />
      <Button icon={<CameraOutlined />} loading={loading} onClick={() => input.current?.click()} data-testid={testId}>
        {label ?? t('incidents.addPhoto')}
      </Button>
    </>
  );
}
