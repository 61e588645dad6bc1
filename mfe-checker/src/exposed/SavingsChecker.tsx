export default function SavingsChecker() {
  return <h1>Discover print savings</h1>;
}
