import { Link } from 'react-router-dom';

export const WASSERBUCH_LINK_TEXT = 'Im Wasserbuch öffnen';

/**
 * The link to a water-book entry from another screen (a Bescheid's Wasserrecht-Nr., a relief
 * plant's Wasserbuchnummer): the app's viewer /wasserbuch?wbbId=… in a new tab (spec 002 §2).
 */
export function WasserbuchLink({ wbbId, text = WASSERBUCH_LINK_TEXT }: { wbbId: string; text?: string }) {
  return (
    <Link
      to={{ pathname: '/wasserbuch', search: `?${new URLSearchParams({ wbbId })}` }}
      target="_blank"
      rel="noopener"
      className="text-sm text-blue-800 underline"
    >
      {text}
      <span className="sr-only"> (öffnet in einem neuen Tab)</span>
    </Link>
  );
}
