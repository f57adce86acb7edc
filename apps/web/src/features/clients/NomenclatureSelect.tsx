import type { ReactNode } from 'react';
import { Select } from 'antd';
import { useNomenclatureOptions, type TNomenclature } from './optionsApi';

/** A nomenclature picker (names, size 1000), searchable by name. */
export function NomenclatureSelect({
  kind,
  multiple,
  value,
  onChange,
  id,
  footer,
  open,
  onOpenChange,
  ...rest
}: {
  kind: TNomenclature;
  multiple?: boolean;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  id?: string;
  /** Shown under the options (e.g. an action that creates one). */
  footer?: ReactNode;
  /** The list's open state, for a footer action that closes it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  'data-testid'?: string;
}) {
  const options = useNomenclatureOptions(kind);
  return (
    <Select
      id={id}
      data-testid={rest['data-testid']}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isPending}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? (multiple ? [] : null))}
      options={(options.data?.items ?? []).map((o) => ({ value: o._id, label: o.name }))}
      maxTagCount="responsive"
      open={open}
      onOpenChange={onOpenChange}
      popupRender={
        footer
          ? (menu) => (
              <>
                {menu}
                {footer}
              </>
            )
          : undefined
      }
    />
  );
}
