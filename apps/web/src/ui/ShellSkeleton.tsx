/**
 * The signed-in shell's outline (sidebar, header, a card of grey lines) while the shell's code or
 * the user's profile load: after a sign-in the page is never blank (issue 23: an administrator saw
 * a white page with a spinner for seconds). Plain elements styled in app/styles.css, no antd: it is
 * part of the router's first chunk, which the sign-in page downloads too.
 */
export function ShellSkeleton() {
  return (
    <div className="shell-skeleton" aria-busy="true" data-testid="shell-skeleton">
      <div className="shell-skeleton-sider" />
      <div className="shell-skeleton-main">
        <div className="shell-skeleton-header" />
        <div className="shell-skeleton-page">
          <div className="shell-skeleton-card">
            {['38%', '100%', '92%', '100%', '64%', '100%', '81%'].map((width, i) => (
              <span key={i} className="shell-skeleton-line" style={{ width }} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
