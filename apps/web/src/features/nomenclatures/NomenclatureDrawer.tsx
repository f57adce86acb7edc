import { Drawer, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailHeader } from '../../ui/DetailHeader';
import { applyFieldErrors } from '../../ui/formErrors';
import { useViewport } from '../../ui/useViewport';
import type { TNomenclatureDef } from './definitions';
import { NomenclatureForm, type TNomenclatureFormValues } from './NomenclatureForm';
import { useSaveNomenclature, type TNomenclatureItem } from './nomenclaturesApi';

/** Create (optionally under a parent category) or edit one row. */
export type TNomenclatureTarget = { item?: TNomenclatureItem; parent?: TNomenclatureItem };

const FIELDS = ['name', 'description', 'category', 'executionTime', 'price', 'groupIva', 'salesAccount', 'code', 'legalRepresentative', 'email', 'color'];

function toBody(def: TNomenclatureDef, values: TNomenclatureFormValues, target: TNomenclatureTarget) {
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    description: values.description?.trim() || (def.descriptionRequired ? values.description : null),
  };
  for (const field of def.extra ?? []) {
    const value = values[field];
    body[field] = typeof value === 'string' ? value.trim() || null : (value ?? null);
  }
  if (def.extra?.includes('groupIva') && !body.groupIva) delete body.groupIva;
  if (def.categoryType && !target.item) Object.assign(body, { type: def.categoryType, parent: target.parent?._id ?? null });
  return body;
}

export function NomenclatureDrawer({ def, target, onClose }: { def: TNomenclatureDef; target: TNomenclatureTarget | null; onClose: () => void }) {
  const { isMobile } = useViewport();
  return (
    <Drawer open={Boolean(target)} onClose={onClose} closable={false} size={isMobile ? '100%' : 560} destroyOnHidden>
      {target && <Body def={def} target={target} onClose={onClose} />}
    </Drawer>
  );
}

function Body({ def, target, onClose }: { def: TNomenclatureDef; target: TNomenclatureTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TNomenclatureFormValues>();
  const save = useSaveNomenclature(def);
  const initial: Partial<TNomenclatureFormValues> = target.item
    ? Object.fromEntries(['name', 'description', ...(def.extra ?? [])].map((k) => [k, target.item![k] ?? undefined]))
    : def.extra?.includes('groupIva')
      ? { groupIva: 'typeA' }
      : {};
  const submit = (values: TNomenclatureFormValues) =>
    save.mutate({ id: target.item?._id, body: toBody(def, values, target) }, { onSuccess: onClose, onError: (error) => applyFieldErrors(form, error, FIELDS) });
  return (
    <>
      <DetailHeader
        mode="edit"
        title={target.item ? target.item.name : t(`nomenclatures.add.${def.key}`)}
        subtitle={target.parent ? t('nomenclatures.under', { name: target.parent.name }) : t(`nomenclatures.tabs.${def.key}`)}
        onCancel={onClose}
        onSave={() => form.submit()}
        saving={save.isPending}
        onClose={onClose}
      />
      <div style={{ marginTop: 24 }}>
        <NomenclatureForm def={def} form={form} initialValues={initial} onFinish={submit} />
      </div>
    </>
  );
}
