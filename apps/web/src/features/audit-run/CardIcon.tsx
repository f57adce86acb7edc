import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import AlertOutlined from '@ant-design/icons-svg/es/asn/AlertOutlined';
import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import ClearOutlined from '@ant-design/icons-svg/es/asn/ClearOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import FormOutlined from '@ant-design/icons-svg/es/asn/FormOutlined';
import UpOutlined from '@ant-design/icons-svg/es/asn/UpOutlined';
import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';

/**
 * The question cards' icons (antd's drawings), each one element painted through a CSS mask in the
 * text's colour: antd's icon component is a span, an svg and its paths, and a 483-question audit
 * showed about 2,000 of them, each with SVG layout objects that every style, layout and pre-paint
 * pass visited (decision 0117). Decorative: the text beside each says what it means.
 */
const ICONS = {
  alert: AlertOutlined,
  camera: CameraOutlined,
  clear: ClearOutlined,
  down: DownOutlined,
  exclamation: ExclamationCircleFilled,
  form: FormOutlined,
  up: UpOutlined,
  warning: WarningOutlined,
} satisfies Record<string, IconDefinition>;

export type TCardIcon = keyof typeof ICONS;

const markupOf = (node: AbstractNode): string => {
  const attrs = Object.entries(node.attrs)
    .filter(([name]) => name !== 'focusable')
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return `<${node.tag}${attrs}>${(node.children ?? []).map(markupOf).join('')}</${node.tag}>`;
};

/** One rule per icon (`.run-ico-<name>` sets the mask's image), in a style element added once. */
export function cardIconRules(): string {
  return Object.entries(ICONS)
    .map(([name, definition]) => {
      const svg = markupOf(definition.icon as AbstractNode).replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"');
      return `.run-ico-${name}{--run-ico:url("data:image/svg+xml,${encodeURIComponent(svg)}")}`;
    })
    .join('\n');
}

if (typeof document !== 'undefined' && !document.getElementById('run-card-icons')) {
  const style = document.createElement('style');
  style.id = 'run-card-icons';
  style.textContent = cardIconRules();
  document.head.append(style);
}

export const CardIcon = ({ name }: { name: TCardIcon }) => <span className={`run-ico run-ico-${name}`} aria-hidden />;
