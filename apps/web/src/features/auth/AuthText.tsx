import type { CSSProperties, ReactNode } from 'react';

/**
 * Headings and texts of the sign-in pages, styled as Ant Design's Typography (styles.css `.auth-text`):
 * Typography brings its ellipsis, copy and edit machinery (about 20 KB compressed) that these pages
 * never use, and the sign-in page must stay light on a slow phone (decision 0017).
 */
interface TProps {
  children: ReactNode;
  style?: CSSProperties;
  secondary?: boolean;
}

const className = (kind: string, secondary?: boolean) => `auth-text auth-text-${kind}${secondary ? ' auth-text-secondary' : ''}`;

export const AuthTitle = ({ children, style }: Omit<TProps, 'secondary'>) => (
  <h2 className={className('title')} style={style}>
    {children}
  </h2>
);
export const AuthParagraph = ({ children, style, secondary }: TProps) => (
  <div className={className('paragraph', secondary)} style={style}>
    {children}
  </div>
);
export const AuthNote = ({ children, style, secondary }: TProps) => (
  <span className={className('note', secondary)} style={style}>
    {children}
  </span>
);
