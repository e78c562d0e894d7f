import { describe, expect, it } from 'vitest';
import { BUILT_IN_ALIASES } from './aliases';
import { proposeSkills, skillsFromText } from './cv-skills';

const cv = `Jane Müller — Backend engineer
Seven years building payment services in TypeScript and Node.js on k8s.
2019–2024 Acme: TypeScript APIs, PostgreSQL (Postgres 15), Kafka streams, Kubernetes operators.
2016–2019 Globex: Java, Spring Boot, Oracle DB; CI/CD with Jenkins.
Sprachen: Deutsch, Englisch. Ich gehe gern wandern (go hiking).`;

describe('skillsFromText', () => {
  it('names each listed skill once, by its group’s first name, the most named first', () => {
    const found = skillsFromText(cv, BUILT_IN_ALIASES);
    expect(found.slice(0, 3).map((s) => [s.name, s.count])).toEqual([
      ['TypeScript', 2],
      ['Kubernetes', 2],
      ['PostgreSQL', 2],
    ]);
    const names = found.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Node.js',
        'Kafka',
        'Java',
        'Spring',
        'Oracle Database',
        'CI/CD',
        'Jenkins',
      ]),
    );
    // "go hiking" is no Go.
    expect(names).not.toContain('Go');
  });

  it('uses the operator’s own list', () => {
    expect(skillsFromText('Fluent in COBOL-85 and JCL', [['Mainframe', 'COBOL', 'JCL']])).toEqual([
      { name: 'Mainframe', count: 2, first: 10 },
    ]);
  });
});

describe('proposeSkills', () => {
  it('proposes the skills named twice or more as must-haves, the rest as plus skills', () => {
    expect(proposeSkills(cv, BUILT_IN_ALIASES)).toEqual({
      must_skills: ['TypeScript', 'Kubernetes', 'PostgreSQL'],
      plus_skills: expect.arrayContaining(['Node.js', 'Kafka', 'Java']),
    });
    expect(proposeSkills('', BUILT_IN_ALIASES)).toEqual({ must_skills: [], plus_skills: [] });
  });
});
