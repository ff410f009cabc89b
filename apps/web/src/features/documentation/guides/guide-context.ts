/** What every guide fills its samples with: this server and the signed-in organisation. */
export interface GuideContext {
  baseUrl: string;
  clientId: string;
  organizationName: string;
}
