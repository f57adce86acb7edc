/**
 * The bar that runs along the top of the window while what the user asked for is on its way: a
 * screen's chunk (the shell), an audit's start (its preview). Styles: app/styles.css.
 */
export function TopProgress() {
  return <div className="route-progress" aria-hidden data-testid="route-progress" />;
}
