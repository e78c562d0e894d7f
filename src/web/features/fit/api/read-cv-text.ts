import { useMutation } from '@tanstack/react-query';
import { fitCvTextSchema, type FitCvText } from '../../../../contract/fit-api';
import { apiRequest } from '../../../lib/api-client';

/**
 * The text of an uploaded CV and the skills found in it: the file goes as the body, its name in
 * the query string (the server tells .txt, .pdf and .docx by it). Nothing is stored.
 */
export function readCvText(file: File): Promise<FitCvText> {
  const query = new URLSearchParams({ name: file.name }).toString();
  return apiRequest(`/fit-profiles/cv-text?${query}`, fitCvTextSchema, {
    method: 'POST',
    file,
  });
}

export function useReadCvText() {
  return useMutation({ mutationFn: readCvText });
}
