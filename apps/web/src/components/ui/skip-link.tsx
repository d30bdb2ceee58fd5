import { useFirstPageText } from '../../lib/first-page-text.ts';
/**
 * "Skip to content": the first thing a keyboard reaches on every page, shown only when
 * focused, so that a keyboard or screen-reader user need not tab through the header and the
 * navigation on each page (docs/screens.md, "Accessibility").
 */
export function SkipLink() {
  const say = useFirstPageText();
  return (
    <a href="#main" className="skip-link">
      {say('frame.skip')}
    </a>
  );
}
