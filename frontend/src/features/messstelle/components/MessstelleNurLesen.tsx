import { useMemo, useRef, useState } from 'react';
import { bereicheFuer, type Messstelle } from '@/features/messstelle/api/messstelle';
import { MessstelleFormular } from './MessstelleFormular';
import { werteAus, type Reiter } from './werte';

const nichts = () => {};
const nie = () => Promise.resolve(false);

/** A measuring point shown read-only in its form (a historic version, a Stand of the Verlauf). */
export function MessstelleNurLesen({ messstelle }: { messstelle: Messstelle }) {
  const werte = useMemo(() => werteAus(messstelle), [messstelle]);
  const [reiter, setReiter] = useState<Reiter>('messstelle');
  const containerRef = useRef<HTMLDivElement>(null);
  return (
    <MessstelleFormular
      werte={werte}
      onChange={nichts}
      fehler={{}}
      gesperrt
      statusBearbeitbar={false}
      statuswechsel={messstelle.statuswechsel}
      bereiche={messstelle.bereiche ?? bereicheFuer(messstelle.messstellentyp ?? '', messstelle.betriebstyp ?? '')}
      reiter={reiter}
      onReiterChange={setReiter}
      containerRef={containerRef}
      vorDemEntfernen={nie}
    />
  );
}
