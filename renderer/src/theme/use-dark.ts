/** Whether the UI shows dark now: the chosen theme, or the OS's when it is `system` (Monaco panes follow it). */
import { useApp } from '../store/store-context';

/** `true` when the app is dark (chosen, or the OS prefers dark under `system`). */
export function useDark(): boolean {
  const theme = useApp((s) => s.theme);
  if (theme !== 'system') return theme === 'dark';
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}
