/** Pages other than the public passports add nothing to the document head. */
export default function NoHeadContent() {
  return null;
}
