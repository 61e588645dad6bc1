import { StandaloneFrame } from '@copytech/shared';
import SavingsChecker from './exposed/SavingsChecker';

export function StandaloneApp() {
  return (
    <StandaloneFrame remote="checker">
      <SavingsChecker />
    </StandaloneFrame>
  );
}
