import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { PersonFelder } from '@/components/PersonFelder';
import { hatFehler, useFokusAufErstenFehler } from '@/lib/form';
import { Textfeld } from '@/components/felder';
import { KONTAKT_PFLICHTFELDER, LEERER_KONTAKT, pruefeKontakt, type Kontakt } from './zustaendigkeiten';

export interface KontaktDialogProps {
  /** Without: a new contact. */
  kontakt?: Kontakt;
  onUebernehmen: (k: Kontakt) => void;
  onClose: () => void;
  /** Says what the change is saved with ('Die Änderung wird mit dem Speichern des Betriebs übernommen.'). */
  hinweis: string;
}

/** A contact person of the file; taken into the form, saved with it. */
export function KontaktDialog({ kontakt, onUebernehmen, onClose, hinweis }: KontaktDialogProps) {
  const formId = useId();
  const [werte, setWerte] = useState<Kontakt>(kontakt ?? LEERER_KONTAKT);
  const [fehler, setFehler] = useState<Partial<Record<keyof Kontakt, string>>>({});
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const f = pruefeKontakt(werte);
    setFehler(f);
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    const t = (v: string) => v.trim();
    onUebernehmen({
      anrede: werte.anrede,
      titel: werte.titel,
      vorname: t(werte.vorname),
      name: t(werte.name),
      telefon: t(werte.telefon),
      mobil: t(werte.mobil),
      email: t(werte.email),
      funktion: t(werte.funktion),
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={kontakt ? 'Kontakt bearbeiten' : 'Kontakt hinzufügen'}
      width={640}
      footer={<FormularFuss formId={formId} onAbbrechen={onClose} label="Übernehmen" />}
    >
      <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label="Kontakt" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <PersonFelder
          werte={werte}
          fehler={fehler}
          required={KONTAKT_PFLICHTFELDER}
          autoComplete={false}
          onChange={(feld, wert) => setWerte((w) => ({ ...w, [feld]: wert }))}
        />
        <Textfeld
          label="Funktion"
          name="funktion"
          value={werte.funktion}
          onChange={(v) => setWerte((w) => ({ ...w, funktion: v }))}
          className="sm:col-span-2"
        />
        <p className="text-sm text-gray-700 sm:col-span-2">{hinweis}</p>
      </form>
    </Dialog>
  );
}
