import { Button } from '@/components/Button';

/**
 * A file screen's object could not be loaded (other than 403/404, which the global handling
 * answers): the area's text of spec 000 §8 ('Fehler beim Aufruf der Anlage', '… der Messstelle',
 * '… des Jahresberichts') and 'Erneut laden'.
 */
export function AufrufFehler({ text, onNeu }: { text: string; onNeu: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded border-l-4 border-red-700 bg-red-50 px-4 py-3">
      <p className="font-semibold text-red-900">{text}</p>
      <Button variant="secondary" onClick={onNeu}>
        Erneut laden
      </Button>
    </div>
  );
}
