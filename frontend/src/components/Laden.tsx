/** The one loading notice (a polite status, so screen readers hear it). */
export function Laden({ text = 'Wird geladen …' }: { text?: string }) {
  return (
    <p role="status" className="text-gray-700">
      {text}
    </p>
  );
}
