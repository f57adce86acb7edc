import { useState } from 'react';
import { Button, Divider, Form, Input, Modal } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMe, userCan } from '../../session/me';
import { notifySuccess } from '../../ui/feedback';
import { applyFieldErrors } from '../../ui/formErrors';
import { NomenclatureSelect } from './NomenclatureSelect';
import { createSocialReason, type TOption } from './optionsApi';

/**
 * The establishment's required social reason, with "New social reason" at the foot of its list for
 * whoever may create one: a new establishment no longer needs a detour to the nomenclatures (issue 23).
 */
export function SocialReasonSelect({ value, onChange, id }: { value?: string | null; onChange?: (value: string | null) => void; id?: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const [creating, setCreating] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const creates = userCan(me.data, 'SOCIAL_REASON:CREATE');
  return (
    <>
      <NomenclatureSelect
        kind="socialReasons"
        id={id}
        data-testid="select-socialReason"
        value={value}
        onChange={(v) => onChange?.(v as string | null)}
        open={listOpen}
        onOpenChange={setListOpen}
        footer={
          creates ? (
            <>
              <Divider style={{ margin: '4px 0' }} />
              <Button
                type="text"
                block
                icon={<PlusOutlined />}
                data-testid="social-reason-new"
                onClick={() => {
                  setListOpen(false);
                  setCreating(true);
                }}
                style={{ justifyContent: 'flex-start' }}
              >
                {t('clients.socialReason.new')}
              </Button>
            </>
          ) : undefined
        }
      />
      <NewSocialReasonDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          onChange?.(created._id);
        }}
      />
    </>
  );
}

function NewSocialReasonDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (created: TOption) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; legalRepresentative?: string }>();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: { name: string; legalRepresentative?: string }) => createSocialReason(body),
    onSuccess: async (created) => {
      notifySuccess('createSuccess');
      // The select's options (and the nomenclatures page) include it before it is selected.
      await queryClient.invalidateQueries({ queryKey: ['nomenclatures'] });
      form.resetFields();
      onCreated(created);
    },
    onError: (error) => applyFieldErrors(form, error, ['name', 'legalRepresentative']),
  });
  return (
    <Modal
      open={open}
      title={t('clients.socialReason.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: create.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          create.mutate({ name: v.name.trim(), ...(v.legalRepresentative?.trim() ? { legalRepresentative: v.legalRepresentative.trim() } : {}) })
        }
      >
        <Form.Item name="name" label={t('clients.socialReason.name')} rules={[{ required: true, whitespace: true, message: t('form.required') }]}>
          <Input autoFocus maxLength={200} data-testid="social-reason-name" />
        </Form.Item>
        <Form.Item name="legalRepresentative" label={t('clients.socialReason.legalRepresentative')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
