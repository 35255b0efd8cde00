/**
 * The Timeline tab. Its issue replaces this placeholder with the real panel.
 */
import { ComingPanel } from '../../components/coming-panel';

/** The Timeline panel (coming). */
export default function TimelinePanel() {
  return <ComingPanel panel="timeline" />;
}
