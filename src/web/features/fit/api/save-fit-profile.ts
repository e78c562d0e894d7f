import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fitProfileSchema, type FitProfile, type FitProfileWrite } from '../../../../contract/fit';
import { apiRequest } from '../../../lib/api-client';
import { invalidateFit } from './invalidate';

/** A stored profile as the body PUT takes (every field), to change one thing and keep the rest. */
export function writeBodyOf(profile: FitProfile): FitProfileWrite {
  return {
    name: profile.name,
    cv_text: profile.cv_text,
    must_skills: profile.must_skills,
    plus_skills: profile.plus_skills,
    dealbreakers: profile.dealbreakers,
    seniority: profile.seniority,
    years_experience: profile.years_experience,
    languages: profile.languages,
    workplaces: profile.workplaces,
    places: profile.places,
    salary_floor: profile.salary_floor,
  };
}

export function createFitProfile(body: FitProfileWrite): Promise<FitProfile> {
  return apiRequest('/fit-profiles', fitProfileSchema, { method: 'POST', body });
}

export function updateFitProfile({
  id,
  body,
}: {
  id: number;
  body: FitProfileWrite;
}): Promise<FitProfile> {
  return apiRequest(`/fit-profiles/${id}`, fitProfileSchema, { method: 'PUT', body });
}

/** A new profile (id null), or every field of one. */
export function useSaveFitProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: FitProfileWrite }) =>
      id === null ? createFitProfile(body) : updateFitProfile({ id, body }),
    onSuccess: () => invalidateFit(queryClient),
  });
}
