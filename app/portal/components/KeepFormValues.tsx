'use client';

import { useEffect, useRef } from 'react';

/**
 * React resets a form once its action has run. A refused form keeps what was entered, so it can be corrected where
 * it stands; a successful one is cleared (a minted key's form should not invite a second mint) unless `always`
 * (an editor of many saved fields keeps showing them). Place it inside the form.
 */
export function KeepFormValues({ always = false }: { always?: boolean }) {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = marker.current?.closest('form');
    if (!form) return;
    // The reset runs when the new state is already in the document: the form's own alert means a refusal.
    const keep = (event: Event) => {
      if (always || form.querySelector(':scope > [role="alert"]')) event.preventDefault();
    };
    form.addEventListener('reset', keep);
    return () => form.removeEventListener('reset', keep);
  }, [always]);
  return <span ref={marker} hidden />;
}
