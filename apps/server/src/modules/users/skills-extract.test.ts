import { skillKey } from '@agora/shared';
import { describe, expect, it } from 'vitest';
import { resumeText } from '../../lib/resume-text.js';
import { extractSkills, type KnownSkill } from './skills-extract.js';
import { makeResumeDocx, makeResumePdf } from './users.fixtures.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The jobs' vocabulary, as the jobs spell it. */
const vocab: KnownSkill[] = [
  'JavaScript',
  'PostgreSQL',
  'Kubernetes',
  'Java',
  'C',
  'C++',
  'C#',
  'Go',
  'R',
  'Node.js',
  '.NET',
  'Machine Learning',
  'Google Cloud Platform',
  'Docker',
  'CI/CD',
].map((skill) => ({ key: skillKey(skill), skill }));

describe('skills found in a résumé', () => {
  it('folds synonyms to the jobs’ spelling: JS, Postgres and k8s', () => {
    expect(extractSkills('Skills: JS, Postgres and k8s', vocab)).toEqual([
      'JavaScript',
      'PostgreSQL',
      'Kubernetes',
    ]);
    // The same skill named twice, by two names, counts once.
    expect(extractSkills('JavaScript and JS; javascript', vocab)).toEqual(['JavaScript']);
  });

  it('matches whole words only, with symbols that are not \\b boundaries', () => {
    expect(extractSkills('Wrote JavaScript daily', vocab)).toEqual(['JavaScript']); // not Java
    expect(extractSkills('C++ and C# (some .NET)', vocab)).toEqual(['C++', 'C#', '.NET']); // not C
    expect(extractSkills('Led R&D in Gothenburg', vocab)).toEqual([]); // neither R nor Go
    expect(extractSkills('C/C++, Go.', vocab)).toEqual(['C', 'C++', 'Go']);
    expect(extractSkills('Built APIs with Node.js and Docker.', vocab)).toEqual(['Node.js', 'Docker']);
    expect(extractSkills('Studied statistics in R', vocab)).toEqual(['R']);
  });

  it('does not take ordinary short words for skills', () => {
    expect(extractSkills('Ready to go the extra mile; a c grade', vocab)).toEqual([]);
  });

  it('finds skills of several words, longest first, never across a sentence or a list', () => {
    expect(extractSkills('machine learning on Google Cloud Platform', vocab)).toEqual([
      'Machine Learning',
      'Google Cloud Platform',
    ]);
    expect(extractSkills('I like machines. Learning is fun', vocab)).toEqual([]);
    expect(extractSkills('CI/CD pipelines', vocab)).toEqual(['CI/CD']);
  });

  it('finds nothing without a vocabulary, or in a résumé without skills', () => {
    expect(extractSkills('JavaScript', [])).toEqual([]);
    expect(extractSkills('I enjoy hiking, cooking and reading novels.', vocab)).toEqual([]);
  });

  it('reads a real PDF', async () => {
    const pdf = await makeResumePdf(['Jane Doe — Engineer', 'Skills: JS, Postgres and k8s', 'Also C++.']);
    const text = await resumeText(pdf, 'application/pdf');
    expect(extractSkills(text!, vocab)).toEqual(['JavaScript', 'PostgreSQL', 'Kubernetes', 'C++']);
  });

  it('reads a real DOCX', async () => {
    const docx = await makeResumeDocx(['Jane Doe', 'Skills: JS, Postgres and k8s', 'Machine learning']);
    const text = await resumeText(docx, DOCX);
    expect(extractSkills(text!, vocab)).toEqual([
      'JavaScript',
      'PostgreSQL',
      'Kubernetes',
      'Machine Learning',
    ]);
  });

  it('finds no skills in a real résumé that names none', async () => {
    const pdf = await makeResumePdf(['John Roe', 'Gardener for ten years', 'Hobbies: chess, hiking']);
    expect(extractSkills((await resumeText(pdf, 'application/pdf'))!, vocab)).toEqual([]);
    const docx = await makeResumeDocx(['John Roe', 'Gardener for ten years']);
    expect(extractSkills((await resumeText(docx, DOCX))!, vocab)).toEqual([]);
  });

  it('gives no text for a file that cannot be read, instead of failing', async () => {
    expect(await resumeText(Buffer.from('%PDF-1.4 garbage'), 'application/pdf')).toBeNull();
    expect(await resumeText(Buffer.from('PK\u0003\u0004 broken'), DOCX)).toBeNull();
  });
});
