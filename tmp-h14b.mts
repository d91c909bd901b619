import { classifyName, nearestNames } from './src/redact/surrogate/embedding.js';
import { namePools } from './src/redact/surrogate/pools.js';
for (const [n,k] of [['Lopez','family'],["O'Neill",'family'],['Smith','family'],['Garcia','family'],['Maria','given'],['James','given']] as const)
  console.log(n, JSON.stringify(namePools().index.get(n.toLowerCase())), classifyName(n,k).slice(0,3).map(c=>`${c.origin}/${c.gender}:${c.score.toFixed(2)}`).join(' '), '|', nearestNames(n,k,10).join(' '));
