// The server's tests start whole apps (migrations, seed, the page renderer) and some start several in
// one test. Jest's 5 s default holds here but not on a slower CI machine, where a two-app test was
// seen to exceed it; a file that needs longer still sets its own.
jest.setTimeout(20_000);
