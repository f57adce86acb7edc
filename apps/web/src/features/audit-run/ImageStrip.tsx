import { useState } from 'react';
import { App, Button, Image } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { CardIcon } from './CardIcon';
import { NotAnImageError, resizeImage } from '../../ui/resizeImage';
import { isPendingId } from './runner';
import { t } from './runI18n';

interface TProps {
  images: { _id: string; url: string }[];
  editable: boolean;
  onAdd: (file: Blob) => unknown;
  onRemove: (id: string) => unknown;
  addLabel: string;
}

/** Opens the file (or camera) picker; the input is made on demand rather than rendered on every card. */
function pickFiles(): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*';
    input.multiple = true;
    input.onchange = () => resolve(Array.from(input.files ?? []));
    input.click();
  });
}

/** Thumbnails with preview (faded until the server has them), an add button (pictures resized in the browser first) and delete buttons. */
export function ImageStrip({ images, editable, onAdd, onRemove, addLabel }: TProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    const files = await pickFiles();
    setBusy(true);
    try {
      for (const file of files) onAdd(await resizeImage(file));
    } catch (error) {
      void message.error(t(error instanceof NotAnImageError ? 'auditRun.onlyImage' : 'auditRun.imageError'));
    } finally {
      setBusy(false);
    }
  };
  if (!images.length && !editable) return null;
  return (
    <div className="run-images">
      {images.map((image) => (
        <div key={image._id} className="run-image">
          <Image src={image.url} width={72} height={72} style={{ objectFit: 'cover', opacity: isPendingId(image._id) ? 0.5 : 1 }} alt="" />
          {/* Also while it uploads or waits offline: the removal follows the upload. */}
          {editable && (
            <Button
              size="small"
              shape="circle"
              danger
              icon={<DeleteOutlined />}
              className="run-image-remove"
              aria-label={t('auditRun.removeImage')}
              onClick={() => onRemove(image._id)}
            />
          )}
        </div>
      ))}
      {editable && (
        <button type="button" className="run-btn" onClick={add} disabled={busy} aria-busy={busy}>
          <CardIcon name="camera" /> {addLabel}
        </button>
      )}
    </div>
  );
}
