import { Button } from './Button';

export interface FormularFussProps {
  /** Id of the form in the dialog body that the submit button sends. */
  formId: string;
  onAbbrechen: () => void;
  disabled?: boolean;
  /** Text of the submit button (default 'Speichern'). */
  label?: string;
}

/** The footer of a form dialog: 'Abbrechen' closes, the submit button sends the form by id. */
export function FormularFuss({ formId, onAbbrechen, disabled, label = 'Speichern' }: FormularFussProps) {
  return (
    <>
      <Button variant="secondary" onClick={onAbbrechen}>
        Abbrechen
      </Button>
      <Button type="submit" form={formId} disabled={disabled}>
        {label}
      </Button>
    </>
  );
}
