import type { FormEvent } from 'react';

/**
 * A sign-in form's submit handler: a second press while the request runs does nothing;
 * otherwise the last failure is cleared (`clear`, e.g. the mutation's reset) before the form is
 * validated and sent again.
 */
export function guardedSubmit(
  isBusy: boolean,
  clear: () => void,
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    clear();
    void submit(event);
  };
}
