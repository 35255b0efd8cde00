/**
 * The Manifest tab. Its issue replaces this placeholder with the real panel.
 */
import { ComingPanel } from '../../components/coming-panel';

/** The Manifest panel (coming). */
export default function ManifestPanel() {
  return <ComingPanel panel="manifest" />;
}
