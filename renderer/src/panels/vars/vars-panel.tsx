/**
 * The Vars tab. Its issue replaces this placeholder with the real panel.
 */
import { ComingPanel } from '../../components/coming-panel';

/** The Vars panel (coming). */
export default function VarsPanel() {
  return <ComingPanel panel="vars" />;
}
