export * from './users.js';
export * from './questions.js';
export * from './money.js';
export * from './ideas.js';
export * from './hackathons.js';
export * from './jobs.js';
export * from './hackathon-teams.js';
