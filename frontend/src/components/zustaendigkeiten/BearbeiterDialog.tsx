import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { MSG_PFLICHTFELD, useFokusAufErstenFehler } from '@/lib/form';
import { Auswahlfeld } from '@/components/felder';
import { bearbeiterQuery, type ZustaendigerBearbeiter } from './zustaendigkeiten';

export interface BearbeiterDialogProps {
  /** Ids already assigned (not offered again). */
  vergeben: number[];
  onUebernehmen: (b: ZustaendigerBearbeiter) => void;
  onClose: () => void;
  hinweis: string;
}

/** An authority user (with Datascout-ID) made responsible for the file. */
export function BearbeiterDialog({ vergeben, onUebernehmen, onClose, hinweis }: BearbeiterDialogProps) {
  const formId = useId();
  const liste = useQuery(bearbeiterQuery());
  const [id, setId] = useState('');
  const [fehler, setFehler] = useState<string | undefined>();
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();
  const optionen = (liste.data ?? [])
    .filter((b) => !vergeben.includes(b.id) && b.bearbeiter)
    .map((b) => ({ value: String(b.id), label: `${b.name} (${b.bearbeiter})` }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const gewaehlt = liste.data?.find((b) => String(b.id) === id);
    if (!gewaehlt) {
      setFehler(MSG_PFLICHTFELD);
      fokusAufFehler();
      return;
    }
    onUebernehmen({ id: gewaehlt.id, bearbeiter: gewaehlt.bearbeiter, name: gewaehlt.name });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Bearbeiter hinzufügen"
      width={560}
      footer={<FormularFuss formId={formId} onAbbrechen={onClose} label="Übernehmen" />}
    >
      <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label="Bearbeiter" className="flex flex-col gap-4">
        <Auswahlfeld label="Bearbeiter" name="bearbeiter" value={id} optionen={optionen} onChange={setId} error={fehler} required />
        <p className="text-sm text-gray-700">{hinweis}</p>
      </form>
    </Dialog>
  );
}
