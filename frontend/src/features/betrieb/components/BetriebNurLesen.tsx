import { useMemo, useState, type ReactNode } from 'react';
import type { Betrieb } from '@/features/betrieb/api/betrieb';
import { BetriebFormular } from './formular/BetriebFormular';
import { werteAus, type Reiter } from './formular/werte';

const nichts = () => {};

/** An operation shown read-only in the operation form (a historic version, a Stand of the Verlauf). */
export function BetriebNurLesen({ betrieb }: { betrieb: Betrieb }) {
  const werte = useMemo(() => werteAus(betrieb), [betrieb]);
  const [reiter, setReiter] = useState<Reiter>('betrieb');
  return (
    <BetriebFormular
      werte={werte}
      onChange={nichts}
      fehler={{}}
      betriebstyp={betrieb.betriebstyp?.id ?? ''}
      kopf={{ betriebsId: betrieb.betriebsId ?? '', betriebstyp: betrieb.betriebstyp?.value ?? '' }}
      betreiberArt="fest"
      betreiberOptionen={[]}
      sperren={{ alles: true }}
      betriebId={String(betrieb.id)}
      reiter={reiter}
      onReiterChange={setReiter}
    />
  );
}

/** The banner above a version that is not the current one. */
export function HistorischBanner({ children, aktionen }: { children: ReactNode; aktionen: ReactNode }) {
  return (
    <div role="region" aria-label="Historischer Datensatz" className="flex flex-wrap items-center justify-between gap-3 rounded border-l-4 border-amber-600 bg-amber-50 px-4 py-3">
      <div className="text-sm">{children}</div>
      <div className="flex flex-wrap gap-2">{aktionen}</div>
    </div>
  );
}
