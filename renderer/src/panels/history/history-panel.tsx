/**
 * The History tab. Its issue replaces this placeholder with the real panel.
 */
import { ComingPanel } from '../../components/coming-panel';

/** The History panel (coming). */
export default function HistoryPanel() {
  return <ComingPanel panel="history" />;
}
