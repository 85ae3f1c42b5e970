import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';

/** The draft changed elsewhere since it was loaded here; what was typed stays until Reload. */
export function ConflictAlert({ reloading, onReload }: { reloading: boolean; onReload(): void }) {
  return (
    <Alert variant="warning" title="This campaign changed">
      <p>Someone else changed this campaign. Reload to see their changes.</p>
      <Button variant="outline" size="sm" className="mt-2" loading={reloading} onClick={onReload}>
        Reload
      </Button>
    </Alert>
  );
}
