import type { Profile, ReidDocument } from '../../src/reid/profiles.js';

/** A small invented population: every name, place and date here is made up for the tests. */
export const PEOPLE: Profile[] = [
  {
    id: 'p1',
    attributes: {
      name: ['Ada Vell'],
      birth_date: ['1985-03-03'],
      birthplace: ['Lyon, France'],
      occupation: ['pharmacist'],
      employer: ['Quillon Biotech'],
      children: ['2'],
      hobbies: ['beekeeping'],
    },
  },
  {
    id: 'p2',
    attributes: {
      name: ['Bram Okonjo'],
      birth_date: ['1979-11-21'],
      birthplace: ['Porto, Portugal'],
      occupation: ['welder'],
      employer: ['Harrowgate Motors'],
      children: ['0'],
      hobbies: ['chess', 'sailing'],
    },
  },
  {
    id: 'p3',
    attributes: {
      name: ['Ines Marlow'],
      birth_date: ['1985-07-14'],
      birthplace: ['Lyon, France'],
      occupation: ['pharmacist'],
      employer: ['Tessaline Foods'],
      children: ['3'],
      hobbies: ['pottery'],
    },
  },
  {
    id: 'p4',
    attributes: {
      name: ['William Trask'],
      birth_date: ['1962-01-30'],
      birthplace: ['Graz, Austria'],
      occupation: ['carpenter'],
      employer: ['Trask & Daughters'],
      phone: ['555-0142-77'],
      children: ['4'],
    },
  },
  {
    id: 'p5',
    attributes: {
      name: ['Maren Holt'],
      birth_date: ['1991-05-09'],
      birthplace: ['Bergen, Norway'],
      nationality: ['Norwegian'],
      occupation: ['teacher'],
      hobbies: ['orienteering'],
      children: ['1'],
    },
  },
  {
    id: 'p6',
    attributes: {
      name: ['Tomas Ferreira'],
      birth_date: ['1979-02-11'],
      birthplace: ['Porto, Portugal'],
      occupation: ['welder'],
      employer: ['Harrowgate Motors'],
      hobbies: ['sailing'],
      children: ['2'],
    },
  },
];

export const DOCS: ReidDocument[] = [
  { id: 'd1', profile: 'p1', text: 'Ada Vell was born on 3 March 1985 in Lyon. She works as a pharmacist at Quillon Biotech and keeps bees; beekeeping fills her weekends. She has two children.' },
  { id: 'd2', profile: 'p2', text: 'Bram Okonjo, a welder at Harrowgate Motors, was born in Porto on November 21, 1979. He plays chess on Sundays and goes sailing in summer.' },
  { id: 'd4', profile: 'p4', text: 'Bill Trask (born 30/01/1962 in Graz) is a carpenter. Call him on 555 0142 77. He is a father of four.' },
  { id: 'd5', profile: 'p5', text: 'M. Holt, a Norwegian teacher born in May 1991, spends her free time orienteering.' },
];
