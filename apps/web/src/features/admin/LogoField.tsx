import { useState } from 'react';
import { Avatar, Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../ui/feedback';
import { isImageFile } from '../../ui/resizeImage';
import { uploadLogo } from './adminApi';

/**
 * A space's logo in a form: the form's value is the uploaded image's id (null to remove it); the
 * preview shows the new image, else the space's current logo address.
 */
export function LogoField({
  value,
  onChange,
  current,
  id,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  current?: string | null;
  id?: string;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = value === null ? null : (preview ?? current ?? null);
  const pick = async (file: File) => {
    if (!isImageFile(file)) {
      notifyError(new Error(t('admin.logo.notImage')));
      return false;
    }
    setBusy(true);
    try {
      const stored = await uploadLogo(file, file.name);
      setPreview(URL.createObjectURL(file));
      onChange?.(stored._id);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
    return false;
  };
  return (
    <Flex align="center" gap={16} wrap id={id}>
      <Avatar shape="square" size={72} src={shown ?? undefined} icon={<PictureOutlined />} alt={t('admin.logo.label')} data-testid="logo-preview" />
      <Flex vertical gap={6} style={{ minWidth: 0, flex: '1 1 180px' }}>
        <Flex gap={8} wrap>
          <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} beforeUpload={(file) => pick(file)}>
            <Button icon={<UploadOutlined />} loading={busy}>
              {shown ? t('admin.logo.change') : t('admin.logo.upload')}
            </Button>
          </Upload>
          {shown && (
            <Button
              icon={<DeleteOutlined />}
              onClick={() => {
                setPreview(null);
                onChange?.(null);
              }}
            >
              {t('admin.logo.remove')}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('admin.logo.hint')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
