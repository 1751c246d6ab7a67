import { notify } from './notify';

/** Copies `text`, with the seed's toasts ("Copied!" / "Failed to copy to clipboard"). */
export async function copyWithToast(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ type: 'success', title: 'Copied!', description: 'Link copied to clipboard' });
    return true;
  } catch {
    notify({ type: 'error', title: 'Error', description: 'Failed to copy to clipboard' });
    return false;
  }
}
