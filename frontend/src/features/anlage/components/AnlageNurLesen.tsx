import { useMemo, useRef, useState } from 'react';
import type { Anlage } from '@/features/anlage/api/anlage';
import { AnlageFormular } from './AnlageFormular';
import { werteAus, type Reiter } from './werte';

const nichts = () => {};
const nie = () => Promise.resolve(false);

/** A plant shown read-only in the plant form (a historic version, a Stand of the Verlauf). */
export function AnlageNurLesen({ anlage }: { anlage: Anlage }) {
  const werte = useMemo(() => werteAus(anlage), [anlage]);
  const [reiter, setReiter] = useState<Reiter>('anlage');
  const containerRef = useRef<HTMLDivElement>(null);
  return (
    <AnlageFormular
      typ={anlage.anlagentyp}
      betriebId={String(anlage.betrieb?.id ?? '')}
      anlageId={anlage.id}
      werte={werte}
      onChange={nichts}
      fehler={{}}
      gesperrt
      bezeichnungGesperrt
      statusGesperrt
      reiter={reiter}
      onReiterChange={setReiter}
      containerRef={containerRef}
      mitEntsorgungsraum={anlage.mitEntsorgungsraum}
      vorDemEntfernen={nie}
    />
  );
}
