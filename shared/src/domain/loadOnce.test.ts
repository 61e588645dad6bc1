import { loadOnce } from './loadOnce';

it('loads once for every caller, and again after a failure', async () => {
  const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('rules');
  const rules = loadOnce(load);

  const [first, second] = [rules(), rules()];
  expect(first).toBe(second);
  await expect(first).rejects.toThrow('offline');
  expect(load).toHaveBeenCalledTimes(1);

  await expect(rules()).resolves.toBe('rules');
  await expect(rules()).resolves.toBe('rules');
  expect(load).toHaveBeenCalledTimes(2);
});
