/**
 * A text button of a table row ('Herunterladen', 'Löschen'). Its accessible name adds `wovon`
 * (the row's Bezeichnung or Betreff), since every row has the same buttons.
 */
export function Zeilenknopf({
  label,
  wovon,
  onClick,
  gefaehrlich,
  disabled,
}: {
  label: string;
  wovon: string;
  onClick: () => void;
  gefaehrlich?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={`${label} ${wovon}`}
      disabled={disabled}
      onClick={onClick}
      className={`rounded border bg-white px-2 py-1 text-xs font-medium whitespace-nowrap disabled:opacity-50 ${
        gefaehrlich ? 'border-red-700 text-red-800 hover:bg-red-50' : 'border-blue-800 text-blue-900 hover:bg-blue-50'
      }`}
    >
      {label}
    </button>
  );
}
