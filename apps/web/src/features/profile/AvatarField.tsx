import { useState } from 'react';
import { Avatar, Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../ui/feedback';
import { isImageFile, resizeImage } from '../../ui/resizeImage';
import { uploadAvatar } from './profileApi';

/**
 * The profile's picture: the form's value is the uploaded image's id, null to remove it, undefined
 * to keep the current one (the calls document's profile save sends `avatar`). The image is resized
 * in the browser first (at most 800x800, JPEG 0.8); the server checks and re-encodes it.
 */
export function AvatarField({
  value,
  onChange,
  current,
  initials,
  id,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  current: string | null;
  initials: string;
  id?: string;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = value === null ? null : (preview ?? current);
  const pick = async (file: File) => {
    if (!isImageFile(file)) {
      notifyError(new Error(t('profileEdit.avatarNotImage')));
      return false;
    }
    setBusy(true);
    try {
      const small = await resizeImage(file);
      const stored = await uploadAvatar(small, file.name);
      setPreview(URL.createObjectURL(small));
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
      <Avatar size={72} src={shown ?? undefined} style={{ background: '#2a9d8f', fontSize: 26, flex: 'none' }} data-testid="profile-avatar">
        {initials}
      </Avatar>
      <Flex vertical gap={6} style={{ minWidth: 0, flex: '1 1 180px' }}>
        <Flex gap={8} wrap>
          <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} beforeUpload={(file) => pick(file)}>
            <Button icon={<UploadOutlined />} loading={busy} data-testid="profile-avatar-upload">
              {shown ? t('profileEdit.avatarChange') : t('profileEdit.avatarUpload')}
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
              {t('profileEdit.avatarRemove')}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('profileEdit.avatarHint')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
