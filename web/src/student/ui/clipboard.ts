import { msg } from '../../i18n/msg';
import { notify } from './toaster';

/** Copies `text`, with the seed's toasts ("Copied!" / "Failed to copy to clipboard"). */
export async function copyWithToast(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ type: 'success', title: msg('Copied!'), description: msg('Link copied to clipboard') });
    return true;
  } catch {
    notify({ type: 'error', title: msg('Error'), description: msg('Failed to copy to clipboard') });
    return false;
  }
}
