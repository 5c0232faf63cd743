import { useMemo, useState } from 'react';
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

