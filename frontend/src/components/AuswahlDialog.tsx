import { useId, useState, type FormEvent } from 'react';
import { Dialog } from './Dialog';
import { FormularFuss } from './DialogFuss';
import { Auswahlfeld } from './felder';
import { MSG_PFLICHTFELD, useFokusAufErstenFehler } from '@/lib/form';

export interface AuswahlDialogProps {
  titel: string;
  /** Label and name of the one select. */
  label: string;
  name: string;
  optionen: { value: string; label: string }[];
  /** The chosen value (never empty: the select is required). */
  onUebernehmen: (value: string) => void;
  onClose: () => void;
  /** Says what the choice is saved with ('Die Änderung wird mit dem Speichern der Anlage übernommen.'). */
  hinweis: string;
  width?: number;
}

/** A dialog that picks one entry of a list ('Übernehmen' needs a choice), e.g. a Bearbeiter or an administrative unit. */
export function AuswahlDialog({ titel, label, name, optionen, onUebernehmen, onClose, hinweis, width = 600 }: AuswahlDialogProps) {
  const formId = useId();
  const [wert, setWert] = useState('');
  const [fehler, setFehler] = useState<string | undefined>();
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!optionen.some((o) => o.value === wert)) {
      setFehler(MSG_PFLICHTFELD);
      fokusAufFehler();
      return;
    }
    onUebernehmen(wert);
  };
  return (
    <Dialog open onClose={onClose} title={titel} width={width} footer={<FormularFuss formId={formId} onAbbrechen={onClose} label="Übernehmen" />}>
      <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label={titel} className="flex flex-col gap-4">
        <Auswahlfeld label={label} name={name} value={wert} optionen={optionen} onChange={setWert} error={fehler} required />
        <p className="text-sm text-gray-700">{hinweis}</p>
      </form>
    </Dialog>
  );
}
