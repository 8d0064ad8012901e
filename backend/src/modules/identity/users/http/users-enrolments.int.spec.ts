import { eventually } from '../../../../test-support';
import { publish, useCatalogueApi } from '../../../../test-support/catalogue-api';

/** User.classesEnrolled is fed by the catalogue's ClassEnrolled facts. */
describe('getBasicUserInfo: classesEnrolled', () => {
  const api = useCatalogueApi();

  it("lists the user's class enrolments with their dates, once the catalogue enrols them", async () => {
    const created = await api.post(
      '/users/createUser',
      { userId: 'learner-1', email: 'learner-1@example.com', firstName: 'Lin', lastName: 'Learner' },
      'learner-1',
    );
    expect(created.status).toBeLessThan(300);
    const product = await publish(api);

    const before = await api.get('/users/getBasicUserInfo', 'learner-1');
    expect((before.body as { response: { classesEnrolled: object } }).response.classesEnrolled).toEqual({});

    const start = '2026-09-01T00:00:00.000Z';
    const end = '2027-01-31T00:00:00.000Z';
    const enrolled = await api.admin('POST', '/catalogue/admin/enrolments', {
      userId: 'learner-1',
      productId: product.id,
      classStartDate: start,
      classEndDate: end,
    });
    expect(enrolled.status).toBe(201);

    const classes = await eventually(async () => {
      const res = await api.get('/users/getBasicUserInfo', 'learner-1');
      const got = (res.body as { response: { classesEnrolled: Record<string, unknown> } }).response.classesEnrolled;
      return Object.keys(got).length > 0 ? got : null;
    });
    expect(classes).toEqual({ [product.classSlug]: { classStartDate: start, classEndDate: end } });
  });
});
