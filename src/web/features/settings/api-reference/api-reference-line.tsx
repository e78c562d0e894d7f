import { BookOpen } from 'lucide-react';
import {
  API_BASE_PATH,
  API_REFERENCE_PATH,
  OPENAPI_DOCUMENT_PATH,
} from '../../../../contract/constants';
import { TEXT_LINK_CLASS } from '../../../components/ui/text-link';
import { API_ROOT } from '../../../lib/api-client';

// Where the API is served (VITE_API_URL may put it on another host than the dashboard).
const API_ORIGIN = API_ROOT.slice(0, API_ROOT.length - API_BASE_PATH.length);

/**
 * Issue 18: the line pointing tools and integrations at the API reference. In the API tokens
 * card (issue 30), where an operator making a token for a tool looks for it, not a footnote under
 * the last card.
 */
export function ApiReferenceLine() {
  return (
    <p className="mt-1 flex items-start gap-2 text-sm text-fg-muted">
      <BookOpen aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Your own tools and integrations can call the same REST API as this dashboard:{' '}
        <a
          href={`${API_ORIGIN}${API_REFERENCE_PATH}`}
          target="_blank"
          rel="noopener noreferrer"
          className={TEXT_LINK_CLASS}
        >
          API reference
        </a>{' '}
        (OpenAPI 3.1:{' '}
        <a
          href={`${API_ROOT}${OPENAPI_DOCUMENT_PATH}`}
          target="_blank"
          rel="noopener noreferrer"
          className={TEXT_LINK_CLASS}
        >
          openapi.json
        </a>
        ).
      </span>
    </p>
  );
}
