import { useId, type ReactNode } from 'react';
import { maxAnzahl, zuViele } from '@/lib/laengen';
import { Button } from './Button';

export interface HinzufuegenKnopfProps {
  /** The list field as the server names it ("kontakte", "entsorgungsraum.entsorgungsraeume"). */
  feld: string;
  /** Its entries now. */
  anzahl: number;
  onClick: () => void;
  children: ReactNode;
  'aria-label'?: string;
}

/**
 * The 'add' button of a list field. At the list's maximum (the server's table,
 * validierung.Hoechstanzahlen, mirrored in lib/laengen) it is no longer offered: disabled, and the
 * hint says why in the server's words ('Max. 100 Einträge erlaubt').
 */
export function HinzufuegenKnopf({ feld, anzahl, onClick, children, 'aria-label': ariaLabel }: HinzufuegenKnopfProps) {
  const hinweisId = useId();
  const max = maxAnzahl(feld);
  const voll = anzahl >= max;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={onClick} disabled={voll} aria-label={ariaLabel} aria-describedby={voll ? hinweisId : undefined}>
        {children}
      </Button>
      {voll && (
        <span id={hinweisId} className="text-sm text-gray-700">
          {zuViele(max)}
        </span>
      )}
    </span>
  );
}
