// Imported first by prerender.ts, before anything loads React: React and ReactDOM pick their
// production or development build when first loaded, and both must be the production one.
process.env.NODE_ENV = 'production';
