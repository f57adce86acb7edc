import { Drawer, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../ui/formErrors';
import { DetailHeader } from '../../ui/DetailHeader';
import { useViewport } from '../../ui/useViewport';
import { useCreateStructure, useUpdateStructure, type TStructure, type TStructureType } from './clientsApi';
import { StructureForm } from './StructureForm';
import { EMPTY_STRUCTURE, fromStructure, STRUCTURE_FORM_FIELDS, toStructureInput, type TStructureFormValues } from './structureValues';

/** What the drawer does: add a child under `parent`, or edit `structure`. */
export type TDrawerTarget = { kind: 'create'; type: TStructureType; parent: TStructure } | { kind: 'edit'; structure: TStructure };

/** The establishment / area dialog of the structure tab (create a child or edit one). */
export function StructureFormDrawer({
  target,
  onClose,
  onCreated,
}: {
  target: TDrawerTarget | null;
  onClose: () => void;
  onCreated: (parentId: string) => void;
}) {
  const { isMobile } = useViewport();
  return (
    <Drawer open={Boolean(target)} onClose={onClose} closable={false} size={isMobile ? '100%' : 900} destroyOnHidden>
      {target && <DrawerBody target={target} onClose={onClose} onCreated={onCreated} />}
    </Drawer>
  );
}

function DrawerBody({ target, onClose, onCreated }: { target: TDrawerTarget; onClose: () => void; onCreated: (parentId: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TStructureFormValues>();
  const type = target.kind === 'create' ? target.type : target.structure.type;
  const create = useCreateStructure(type);
  const update = useUpdateStructure(type, target.kind === 'edit' ? target.structure._id : '');
  const saving = create.isPending || update.isPending;
  const onError = (error: unknown) => applyFieldErrors(form, error, STRUCTURE_FORM_FIELDS);
  const submit = (values: TStructureFormValues) => {
    const body = toStructureInput(values, type);
    if (target.kind === 'create')
      create.mutate(
        { ...body, parent: target.parent._id },
        {
          onSuccess: () => {
            onCreated(target.parent._id);
            onClose();
          },
          onError,
        },
      );
    else update.mutate(body, { onSuccess: onClose, onError });
  };
  const title = target.kind === 'create' ? t(`clients.create.${type}`) : target.structure.name;
  return (
    <>
      <DetailHeader
        mode="edit"
        title={title}
        subtitle={target.kind === 'create' ? t('clients.under', { name: target.parent.name }) : t(`clients.type.${type}`)}
        onCancel={onClose}
        onSave={() => form.submit()}
        saving={saving}
        onClose={onClose}
      />
      <div style={{ marginTop: 24 }}>
        <StructureForm
          form={form}
          name="substructure"
          type={type}
          initialValues={target.kind === 'edit' ? fromStructure(target.structure) : EMPTY_STRUCTURE}
          onFinish={submit}
        />
      </div>
    </>
  );
}
