import { webAddressProblem } from './web-address-check';

describe('webAddressProblem', () => {
  it('lets public http(s) addresses through', () => {
    expect(webAddressProblem('https://example.com/a.png')).toBeNull();
    expect(webAddressProblem('http://93.184.216.34/x')).toBeNull();
  });

  it.each([
    ['http://localhost:3000/a.png'],
    ['http://app.localhost/a'],
    ['http://printer.local/x'],
    ['http://127.0.0.1/x'],
    ['http://10.1.2.3/x'],
    ['http://169.254.169.254/latest/meta-data'],
    ['http://[::1]/x'],
    ['http://[::ffff:127.0.0.1]/x'],
    ['http://2130706433/'],
  ])('refuses %s as not public', (url) => {
    expect(webAddressProblem(url)).toBe('is not on the public internet');
  });

  it('refuses other schemes and credentials', () => {
    expect(webAddressProblem('ftp://example.com/x')).toBe('must be an http(s) address');
    expect(webAddressProblem('https://me:pw@example.com/x')).toBe('must not hold a user name or password');
    expect(webAddressProblem('not a url')).toBe('is not a web address');
  });

  it('exempts the hosts a development machine allows, by host or host:port', () => {
    expect(webAddressProblem('http://127.0.0.1:4010/x', ['127.0.0.1:4010'])).toBeNull();
    expect(webAddressProblem('http://localhost/x', ['localhost'])).toBeNull();
    expect(webAddressProblem('http://127.0.0.1:4011/x', ['127.0.0.1:4010'])).toBe('is not on the public internet');
  });
});
