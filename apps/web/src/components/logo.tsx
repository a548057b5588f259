import { Link } from 'react-router';
import { useBrand } from '../lib/settings.ts';

/**
 * The shop's logo (its settings): the image the owner uploaded, or the name written as a word mark, its first word
 * large. The mark is the brand's in every language, like a picture: marked as the language it is written in, so an
 * Arabic page reads it as a name, not as English left untranslated.
 */
export function Logo({ onClick }: { onClick?: () => void }) {
  const { name, logoUrl } = useBrand();
  const [mark, ...rest] = name.trim().split(/\s+/);
  return (
    <Link to="/" className="logo" onClick={onClick} lang="en">
      {logoUrl ? (
        <img className="logo__image" src={logoUrl} alt={name} height={40} />
      ) : (
        <>
          <span className="logo__mark">{mark}</span>
          {rest.length > 0 ? <span className="logo__sub">{rest.join(' ')}</span> : null}
        </>
      )}
    </Link>
  );
}
