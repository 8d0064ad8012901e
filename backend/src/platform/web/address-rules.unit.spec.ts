import { embeddedIpv4, isPublicAddress } from './address-rules';

describe('the addresses a creator’s link may reach', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254', // cloud metadata
    '100.64.0.1', // carrier-grade NAT
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254', // metadata over IPv6
    'fc00::7',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
    '2002:0a00:0001::', // 6to4 of 10.0.0.1
    '2001:db8::1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:0808:0808::',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an IP address at all', () => {
    for (const text of ['', 'localhost', 'example.com', '999.1.1.1', '1.2.3', '::g']) expect(isPublicAddress(text)).toBe(false);
  });

  it('finds the IPv4 address inside mapped, NAT64 and 6to4 IPv6 addresses', () => {
    expect(embeddedIpv4('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIpv4('::ffff:a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('64:ff9b::808:808')).toBe('8.8.8.8');
    expect(embeddedIpv4('2002:c0a8:0101::1')).toBe('192.168.1.1');
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
  });
});
