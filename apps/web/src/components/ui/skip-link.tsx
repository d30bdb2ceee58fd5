/**
 * "Skip to content": the first thing a keyboard reaches on every page, shown only when
 * focused, so that a keyboard or screen-reader user need not tab through the header and the
 * navigation on each page (docs/screens.md, "Accessibility").
 */
export function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      Skip to content
    </a>
  );
}
